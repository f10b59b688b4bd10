/** "Ada Lovelace", or "" when neither name is known. (Its own module: the header needs it without zod.) */
export function fullName(firstName: string | null | undefined, lastName: string | null | undefined): string {
  return [firstName, lastName].filter(Boolean).join(" ").trim();
}
