import type { Facet } from "~/core/search-facets";
import { CheckboxFacetGroup } from "./checkbox-facet-group";
import { FILTER_LABELS } from "./filter-labels";

interface StagePickerProps {
  stages: readonly string[];
  values: readonly string[];
  facet: Facet | undefined;
  onToggle: (stage: string) => void;
}

/** The funding stage filter (docs/product.md#filters): several stages at once (docs/product.md#filters), each with its count. */
export function StagePicker({ stages, values, facet, onToggle }: StagePickerProps) {
  return (
    <CheckboxFacetGroup
      legend={FILTER_LABELS.stage}
      options={stages.map((stage) => ({ value: stage, label: stage }))}
      values={values}
      facet={facet}
      countNoun="companies"
      onToggle={onToggle}
    />
  );
}
