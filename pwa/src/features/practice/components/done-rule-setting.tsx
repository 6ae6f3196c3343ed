import { doneRuleSchema, type DoneRule } from '#core/practice/streaks';
import { useSaveProfile } from '../data/save-profile';
import { DONE_RULE_CHOICES } from '../practice-format';
import { ProfileSelect } from './profile-select';

const OPTIONS = DONE_RULE_CHOICES.map((choice) => ({ value: choice.rule, label: choice.label }));

/** Which exercises make a day "done" for the streak calendar (and for the daily reminder). */
export function DoneRuleSetting({ value }: { readonly value: DoneRule }) {
  const save = useSaveProfile();
  return (
    <ProfileSelect
      label="A day counts as done when…"
      hint="Your streak counts the days done this way, and no reminder comes on a day already done."
      value={value}
      options={OPTIONS}
      onSelect={async (chosen) => save({ doneRule: doneRuleSchema.parse(chosen) })}
      failure="The choice could not be saved."
    />
  );
}
