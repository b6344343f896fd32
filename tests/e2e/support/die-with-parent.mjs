// Preloaded into the preview server (node --import): when the test runner that started it goes
// away in any way (even SIGKILL), the stdin pipe closes and the server stops itself, taking
// DynamoDB Local with it. Normal runs stop it in the globalSetup teardown.
process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM'));
process.stdin.on('error', () => process.kill(process.pid, 'SIGTERM'));
process.stdin.resume();
