/**
 * cdk-nag (AwsSolutions and Serverless packs, cdk-nag 3 API: validation plugins added by
 * infra/app.ts) over the stack in its default shape and with every option on: no
 * unacknowledged finding, and every acknowledgement carries its reason.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../infra/app.ts';
import { cdkJsonContext, fakeWebDist, tempDir } from './support.ts';

interface Violation {
  ruleName: string;
  severity: string;
  violatingConstructs: { constructPath: string }[];
}
interface Report {
  pluginReports: { pluginName: string; conclusion: string; violations: Violation[] }[];
}

const FULL_OPTIONS = {
  corsOrigins: 'https://app.example.com.br',
  domainName: 'clientes.example.com.br',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0f1e2d3c-4b5a-6978-8877-665544332211',
  alarmEmail: 'ti@example.com.br',
};

/** Synthesizes with the nag plugins (bundling skipped); returns the report and the findings. */
function nag(context: Record<string, unknown>, tamper?: (stack: IConstruct) => void) {
  const tmp = tempDir('clientela-nag-');
  try {
    const outdir = path.join(tmp.dir, 'cdk.out');
    const { app, stack } = buildApp(
      {
        outdir,
        context: { ...cdkJsonContext(), webDist: fakeWebDist(tmp.dir), 'aws:cdk:bundling-stacks': [], ...context },
      },
      {},
    );
    tamper?.(stack);
    let error: unknown;
    try {
      app.synth();
    } catch (err) {
      error = err;
    }
    const report = JSON.parse(fs.readFileSync(path.join(outdir, 'validation-report.json'), 'utf8')) as Report;
    const findings = report.pluginReports.flatMap((p) =>
      p.violations.flatMap((v) => v.violatingConstructs.map((c) => `${v.severity} ${v.ruleName} ${c.constructPath}`)),
    );
    return { stack, error, findings };
  } finally {
    tmp.remove();
  }
}

/** Every acknowledgement in the tree: [construct path, rule id, reason]. */
function acknowledgements(root: IConstruct): [string, string, string][] {
  const found: [string, string, string][] = [];
  for (const c of root.node.findAll()) {
    for (const entry of c.node.metadata) {
      if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
      for (const [id, reason] of Object.entries(entry.data as Record<string, string>)) {
        found.push([c.node.path, id.replace(/^annotation::/i, ''), reason]);
      }
    }
  }
  return found;
}

describe('cdk-nag: AwsSolutions + Serverless', () => {
  it.each([
    ['default context', {}],
    ['every option on (CORS, custom domain, alarm e-mail, adopted table)', { ...FULL_OPTIONS, existingTableName: 'Clientela-Table-XYZ' }],
  ])('has no unacknowledged findings with %s', (_label, context) => {
    const { error, findings } = nag(context);
    console.log(`cdk-nag findings (${_label}): ${findings.length === 0 ? 'none' : `\n${findings.join('\n')}`}`);
    expect(findings).toEqual([]);
    expect(error).toBeUndefined();
  });

  it('is really checking: an unencrypted, unlogged bucket added to the stack fails the synth', () => {
    const { error, findings } = nag({}, (stack) => {
      const bucket = new Bucket(stack, 'Offender');
      void bucket;
    });
    expect(String(error)).toMatch(/ValidationFailed|Validation failed/);
    expect(findings.some((f) => f.includes('AwsSolutions-S1') && f.includes('/Offender/'))).toBe(true);
  });

  it('gives every acknowledgement a reason', () => {
    const tmp = tempDir('clientela-acks-');
    try {
      const { stack } = buildApp(
        {
          outdir: path.join(tmp.dir, 'cdk.out'),
          context: { ...cdkJsonContext(), ...FULL_OPTIONS, webDist: fakeWebDist(tmp.dir), 'aws:cdk:bundling-stacks': [] },
        },
        {},
      );
      const acks = acknowledgements(stack);
      const grouped = new Map<string, string[]>();
      for (const [p, id, reason] of acks) grouped.set(`${id}: ${reason}`, [...(grouped.get(`${id}: ${reason}`) ?? []), p]);
      console.log(
        `acknowledged cdk-nag rules:\n${[...grouped].map(([k, paths]) => `${k} [${paths.length}× e.g. ${paths[0]}]`).join('\n')}`,
      );
      expect(acks.length).toBeGreaterThan(0);
      for (const [, id, reason] of acks) {
        expect(id).toMatch(/^(AwsSolutions|Serverless)-/);
        expect(reason.length).toBeGreaterThan(30);
      }
    } finally {
      tmp.remove();
    }
  });
});
