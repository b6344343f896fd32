/**
 * cdk-nag wiring (cdk-nag 3: validation plugins added by infra/app.ts): it really checks the
 * stack, and every acknowledgement carries its reason. The "no unacknowledged finding" checks
 * run on the synths of stack.test.ts and auth.test.ts.
 */
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../infra/app.ts';
import { acknowledgements, cdkJsonContext, fakeWebDist, synth, tempDir } from './support.ts';

describe('cdk-nag wiring', () => {
  it('is really checking: an unencrypted, unlogged bucket added to the stack fails the synth', () => {
    const result = synth({}, { tamper: (stack) => void new Bucket(stack, 'Offender') });
    result.remove();
    expect(String(result.error)).toMatch(/ValidationFailed|Validation failed/);
    expect(result.findings.some((f) => f.includes('AwsSolutions-S1') && f.includes('/Offender/'))).toBe(true);
    // Nothing but the offender is reported.
    expect(result.findings.filter((f) => !f.includes('/Offender/'))).toEqual([]);
  });

  it('gives every acknowledgement a reason', () => {
    const tmp = tempDir('clientela-acks-');
    try {
      const { stack } = buildApp({
        outdir: tmp.dir,
        context: {
          ...cdkJsonContext(),
          webDist: fakeWebDist(tmp.dir),
          'aws:cdk:bundling-stacks': [],
        },
      }, {}, { alarmEmail: 'ti@example.com.br' });
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
