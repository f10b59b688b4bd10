/**
 * An address that wraps, when it must, only after its local part: never inside its domain (docs/product.md#search:
 * "plevica-\nsemiconductor.example" read as two things). The local part may still break anywhere when it
 * alone is wider than the line. The text itself stays the address.
 */
export function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf("@");
  if (at <= 0) return <span className="break-all">{email}</span>;
  return (
    // Inside .rl-mail or .rl-masked (app.css): the local part may break anywhere, the domain's span never.
    <>
      {email.slice(0, at)}
      <wbr />
      <span>{email.slice(at)}</span>
    </>
  );
}
