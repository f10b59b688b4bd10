/**
 * How long we keep records about people that are not their account or listing (privacy policy, "How long
 * we keep it"): the sign-in audit trail, messages sent to us through the public forms, and copies of mail
 * the app sent (the log mail driver). The policy's text reads this number.
 */
export const RETENTION_MONTHS = 24;

/** The instant before which such records are deleted: `months` calendar months before `now` (UTC). */
export function retentionCutoff(now: Date, months: number = RETENTION_MONTHS): Date {
  const cutoff = new Date(now.getTime());
  const day = cutoff.getUTCDate();
  cutoff.setUTCDate(1);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  // 31 March minus one month is the last day of February, not 3 March.
  const lastDay = new Date(Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth() + 1, 0)).getUTCDate();
  cutoff.setUTCDate(Math.min(day, lastDay));
  return cutoff;
}
