import { NAME_ORIGINS, NAMES_BY_ORIGIN, type NameOrigin, nameMixOf } from "./people-names";
import type { Random, WeightedPicker } from "./random";
import { weightedPicker } from "./random";

export interface PersonName {
  firstName: string;
  lastName: string;
  origin: NameOrigin;
}

/** One origin picker per country, built on first use: a country's mix is read millions of times. */
const originPickers = new Map<string, WeightedPicker<NameOrigin>>();

function originPickerOf(country: string): WeightedPicker<NameOrigin> {
  let picker = originPickers.get(country);
  if (picker === undefined) {
    const mix = nameMixOf(country);
    const origins = NAME_ORIGINS.filter((origin) => (mix[origin] ?? 0) > 0);
    picker = weightedPicker(origins, (origin) => mix[origin] ?? 0);
    originPickers.set(country, picker);
  }
  return picker;
}

/** A person's origin drawn from the mix of a country's founders (people-names.ts). */
export function pickOrigin(random: Random, country: string): NameOrigin {
  return originPickerOf(country)(random);
}

/** A name of one origin: given name and surname from the same list, as most people's are. */
export function nameOfOrigin(random: Random, origin: NameOrigin): PersonName {
  const names = NAMES_BY_ORIGIN[origin];
  return { firstName: random.pick(names.first), lastName: random.pick(names.last), origin };
}

/** A person living in `country`, named as its founders are. */
export function personNameIn(random: Random, country: string): PersonName {
  return nameOfOrigin(random, pickOrigin(random, country));
}
