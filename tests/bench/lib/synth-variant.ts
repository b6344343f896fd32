/**
 * Synthesizes the real stack (infra/app.ts's props, the stack's own NodejsFunction options) with
 * the AWS SDK switch as shipped (`default`: the constant in infra/constructs/functions.ts) or set as
 * asked, into an outdir. Run as a child so the bundler's output stays out of the bench's report.
 * argv: <outdir> <default|true|false>
 */
import { App } from 'aws-cdk-lib';
import { settingsFilePath, stackPropsFromSettings } from '../../../infra/app.ts';
import { ClientelaStack } from '../../../infra/clientela-stack.ts';
import { readSettingsFile, stackNameOf } from '../../../infra/settings.ts';

const [outdir, bundle] = process.argv.slice(2);
if (!outdir || !['default', 'true', 'false'].includes(bundle ?? '')) throw new Error('usage: synth-variant.ts <outdir> <default|true|false>');
// Asset metadata (each function's bundle folder) is on by default only under the CLI.
const app = new App({ outdir, context: { 'aws:cdk:enable-asset-metadata': true } });
const { settings } = readSettingsFile(settingsFilePath());
new ClientelaStack(app, stackNameOf(settings), {
  ...stackPropsFromSettings(settings, app.node),
  ...(bundle === 'default' ? {} : { bundleAwsSdk: bundle === 'true' }),
});
app.synth();
