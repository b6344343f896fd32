/**
 * The AWS SDK's default credentials in a deployed (bundled) function. Lambda hands the execution
 * role's temporary credentials to the function in its environment (AWS_ACCESS_KEY_ID,
 * AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), which is where the SDK's default chain finds them
 * first; the rest of that chain (SSO, ini files, a process, web identity, the container and
 * instance metadata, with the STS/SSO clients they carry) weighs on every bundle and its cold
 * start (tests/bench/README.md) and is never used. The bundles alias
 * `@aws-sdk/credential-provider-node` to this module (infra/constructs/functions.ts, esmBundling); the
 * local runtime and the tests keep the SDK's own chain.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

/** What the SDK's clients call for their default credentials: the environment's. */
export const defaultProvider = (init?: Parameters<typeof fromEnv>[0]) => fromEnv(init);
