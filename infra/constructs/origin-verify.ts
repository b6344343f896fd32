import { RemovalPolicy, SecretValue, Validations } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY } from '../../lambdas/routes.ts';

/** Length of the generated value (letters and digits only: a safe HTTP header value). */
export const ORIGIN_SECRET_LENGTH = 64;

/** During a rotation: the secret version CloudFront sends, and the one the API still accepts. */
export interface OriginSecretVersions {
  /** Secrets Manager version id of the value CloudFront sends (the new one). */
  readonly current: string;
  /** The version id of the value the functions still accept (the one the edges may still send). */
  readonly previous?: string;
}

/** Props of {@link OriginVerify}. */
export interface OriginVerifyProps {
  /** Pinned versions during a rotation (`npm run rotate-origin-secret`); none: the current value. */
  readonly versions?: OriginSecretVersions;
}

/**
 * The secret that makes CloudFront the only door to the API: CloudFront sends it as the
 * `ORIGIN_VERIFY.header` origin header, and every function refuses a request without it
 * (`ORIGIN_VERIFY.env`), so the execute-api URL (and a way around a WAF or geo rule put on
 * CloudFront) answers 403. An HTTP API has no resource policy, and a route with a JWT
 * authorizer can't also have a Lambda authorizer: the check lives in the handlers' HTTP layer.
 *
 * Secrets Manager generates the value at deploy time; the template holds only a dynamic
 * reference that CloudFormation resolves into the origin header and the functions' environment.
 */
export class OriginVerify extends Construct {
  readonly secret: Secret;
  /** Name of the header CloudFront adds to every `/api/*` request. */
  readonly headerName: string = ORIGIN_VERIFY.header;
  /** Name of the functions' environment variable that holds the value. */
  readonly envName: string = ORIGIN_VERIFY.env;
  /** Name of the variable that holds the previous value during a rotation. */
  readonly previousEnvName: string = ORIGIN_VERIFY.previousEnv;
  /** `{{resolve:secretsmanager:<arn>:SecretString:::}}`: never the value itself. */
  readonly value: string;
  /** During a rotation: the previous value's dynamic reference. */
  readonly previousValue?: string;

  constructor(scope: Construct, id: string, props: OriginVerifyProps = {}) {
    super(scope, id);
    this.secret = new Secret(this, 'Secret', {
      description: 'Clientela: the header value CloudFront sends to the API (the API refuses requests without it)',
      generateSecretString: { passwordLength: ORIGIN_SECRET_LENGTH, excludePunctuation: true, includeSpace: false },
      // Nothing to keep: a new deployment generates a new value for CloudFront and the functions alike.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // Resolved by CloudFormation during the deployment; it only ever reaches CloudFront's origin
    // configuration and the functions' environment (readable only with rights on those resources).
    // A pinned version id changes the template, so a deploy re-resolves the value everywhere it
    // is used (an unchanged dynamic reference would keep the value of the last update).
    const versions = props.versions;
    this.value = versions
      ? SecretValue.secretsManager(this.secret.secretArn, { versionId: versions.current }).unsafeUnwrap()
      : this.secret.secretValue.unsafeUnwrap();
    this.previousValue = versions?.previous
      ? SecretValue.secretsManager(this.secret.secretArn, { versionId: versions.previous }).unsafeUnwrap()
      : undefined;
    Validations.of(this.secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'No automatic rotation: CloudFormation resolves the value into CloudFront and the functions only when ' +
        'a deployment updates them, so an automatic rotation would make every request fail with 403 until the next ' +
        'deploy. `npm run rotate-origin-secret` rotates it with a deploy, accepting the previous value meanwhile ' +
        '(docs/deploy.md). It is not a credential to any data, only proof that a request came through CloudFront.',
    });
  }
}
