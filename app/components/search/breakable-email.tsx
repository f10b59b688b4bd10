/** Long addresses wrap after the local part rather than mid-word (the text itself stays the address). */
export function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf("@");
  if (at <= 0) return <span className="break-all">{email}</span>;
  return (
    <span className="[overflow-wrap:anywhere]">
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}
