import type { Facet } from "~/core/search-facets";
import { CheckboxFacetGroup } from "./checkbox-facet-group";
import { FILTER_LABELS } from "./filter-labels";

interface StagePickerProps {
  stages: readonly string[];
  values: readonly string[];
  facet: Facet | undefined;
  onToggle: (stage: string) => void;
}

/** spec 9's funding stage filter: several stages at once (issue 15), each with its count. */
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
