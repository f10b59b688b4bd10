import { PRODUCT_NAME } from "~/core/brand";
import { type MailMessage, renderMail } from "../mail/mail-message";

/** The sign-up confirmation email: the link lands on the site root, signed in (docs/product.md#accounts). */
export function confirmationEmail(to: string, url: string): MailMessage {
  return {
    to,
    subject: `Confirm your email for ${PRODUCT_NAME}`,
    ...renderMail({
      heading: "Confirm your email address",
      paragraphs: [
        `Thanks for signing up for ${PRODUCT_NAME}. Confirm your email address to finish creating your account.`,
        "The link works once and expires in 24 hours.",
      ],
      action: { label: "Confirm email address", url },
      footer: "If you did not create an account, you can ignore this email.",
    }),
  };
}

/** The password-reset email; the link expires in one hour and works once. */
export function passwordResetEmail(to: string, url: string): MailMessage {
  return {
    to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    ...renderMail({
      heading: "Reset your password",
      paragraphs: [
        "Someone asked to reset the password of this account. If it was you, choose a new password here.",
        "The link works once and expires in one hour. Resetting signs you out everywhere else.",
      ],
      action: { label: "Choose a new password", url },
      footer: "If you did not ask for this, you can ignore this email: your password stays the same.",
    }),
  };
}
