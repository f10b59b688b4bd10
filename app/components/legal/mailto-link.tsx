/** A contact address as a mail link, in the running text of a page. */
export function MailtoLink({ email, className = "text-brand-700" }: { email: string; className?: string }) {
  return (
    <a href={`mailto:${email}`} className={`font-medium underline ${className}`}>
      {email}
    </a>
  );
}
