const UNITS: ReadonlyArray<readonly [number, string]> = [
  [1e9, "B"],
  [1e6, "M"],
  [1e3, "K"],
];

/** One decimal at most, none when it is zero: 1.5 -> "1.5", 25 -> "25". */
function oneDecimal(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

function roundToTenth(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * docs/product.md#formats: amounts display with a $ and suffix B, M or K, or plain; 'N/A' when empty.
 * 1_500_000 -> "$1.5M", 250_000 -> "$250K", 999_999 -> "$1M" (never "$1000K"), 800 -> "$800".
 */
export function formatAmount(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return "N/A";
  const sign = amount < 0 ? "-" : "";
  const abs = Math.abs(amount);
  for (const [index, [size, suffix]] of UNITS.entries()) {
    if (abs < size) continue;
    const scaled = roundToTenth(abs / size);
    const larger = UNITS[index - 1];
    if (scaled >= 1000 && larger) return `${sign}$1${larger[1]}`;
    return `${sign}$${oneDecimal(scaled)}${suffix}`;
  }
  return `${sign}$${Math.round(abs)}`;
}

const shortDate = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * docs/product.md#formats: dates display as en-US short dates ("Mar 5, 2026"). Funding dates are calendar dates
 * (YYYY-MM-DD) and are formatted in UTC so no time zone moves them by a day. Four-digit years are spelled
 * here, as Intl spells them (the format test compares the two): a results page formats about 60 dates, and
 * Intl's format costs more on the server (decision 011, "Measurements cited by the code").
 */
export function formatDate(date: string | Date | null | undefined): string {
  if (date === null || date === undefined || date === "") return "N/A";
  const value = typeof date === "string" ? new Date(`${date.slice(0, 10)}T00:00:00Z`) : date;
  if (Number.isNaN(value.getTime())) return "N/A";
  const year = value.getUTCFullYear();
  if (year < 1000 || year > 9999) return shortDate.format(value);
  return `${SHORT_MONTHS[value.getUTCMonth()]} ${value.getUTCDate()}, ${year}`;
}

const wholeNumber = new Intl.NumberFormat("en-US");

/** 17555 -> "17,555". */
export function formatCount(count: number): string {
  return wholeNumber.format(count);
}
