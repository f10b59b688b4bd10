/** A Form D source that cannot be read at all (a zip missing a file, cut in the middle, not Form D): refused whole. */
export class FormDSourceError extends Error {
  override name = "FormDSourceError";
}
