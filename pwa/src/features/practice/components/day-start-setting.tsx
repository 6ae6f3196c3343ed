import { useSaveProfile } from '../data/save-profile';
import { DAY_START_CHOICES } from '../practice-format';
import { ProfileSelect } from './profile-select';

const OPTIONS = DAY_START_CHOICES.map((choice) => ({ value: String(choice.minutes), label: choice.label }));

/** When a new journal day begins: writing at 00:30 with a 4 am start still counts for the day before. */
export function DayStartSetting({ value }: { readonly value: number }) {
  const save = useSaveProfile();
  return (
    <ProfileSelect
      label="Day starts at"
      hint="If you write after midnight, a later start keeps it on the day you are finishing."
      value={String(value)}
      options={OPTIONS}
      onSelect={(chosen) => save({ dayStartMinutes: Number(chosen) })}
      failure="The day start could not be saved."
    />
  );
}
