import { WEEKDAYS, type EditionSettings as Settings } from '@lede/shared';
import { useQuery } from '@tanstack/react-query';
import { RadioGroup, Switch } from 'radix-ui';
import { useId, useState, type FormEvent } from 'react';
import { QueryError } from '@/components/query-error';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { editionQueries } from '../api/edition';
import { useSaveEdition } from '../hooks/use-save-edition';
import {
  bodyFrom,
  formFrom,
  refusals,
  serverErrors,
  timezones,
  type EditionErrors,
  type EditionForm,
} from './edition-form';

const dayName = (day: string) => day[0]!.toUpperCase() + day.slice(1);

const cadenceClass =
  'min-h-10 rounded-lg px-4 py-2 text-sm font-semibold text-muted hover:text-fg data-[state=checked]:bg-raised data-[state=checked]:text-fg data-[state=checked]:shadow-sm';

/** The profile's card for the edition by e-mail: off by default, daily or weekly, at a local time. */
export function EditionSettings() {
  const settings = useQuery(editionQueries.settings());
  return (
    <section aria-labelledby="edition-title" className="card flex flex-col gap-4 p-6">
      <div>
        <h2 id="edition-title" className="text-lg font-bold">
          Daily edition by e-mail
        </h2>
        <p className="mt-1 text-sm text-muted">
          The top of your feed in your inbox, one entry per story, only what is new since the last
          one.
        </p>
      </div>
      {settings.isError ? (
        <QueryError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : settings.isPending ? (
        <p role="status" className="text-sm text-muted">
          Loading…
        </p>
      ) : (
        <EditionSettingsForm settings={settings.data} />
      )}
    </section>
  );
}

function EditionSettingsForm({ settings }: { settings: Settings }) {
  const [form, setForm] = useState<EditionForm>(() => formFrom(settings));
  const [errors, setErrors] = useState<EditionErrors>({});
  const save = useSaveEdition();
  const id = useId();
  const ids = {
    on: `${id}-on`,
    cadence: `${id}-cadence`,
    weekday: `${id}-weekday`,
    time: `${id}-time`,
    timezone: `${id}-timezone`,
  };

  const change = (next: Partial<EditionForm>) => {
    setForm((f) => ({ ...f, ...next }));
    setErrors((e) => {
      const kept = { ...e };
      for (const field of Object.keys(next)) delete kept[field as keyof EditionErrors];
      return kept;
    });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = bodyFrom(form);
    const refused = await refusals(body);
    setErrors(refused);
    const first = (['weekday', 'time', 'timezone'] as const).find((f) => refused[f]);
    if (first) return document.getElementById(ids[first])?.focus();
    save.mutate(body, { onError: (err) => setErrors(serverErrors(err)) });
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <fieldset disabled={save.isPending} className="flex flex-col gap-4">
        <div className="flex items-center justify-between gap-4">
          <label htmlFor={ids.on} className="text-sm font-medium">
            E-mail me the edition
          </label>
          <Switch.Root
            id={ids.on}
            checked={form.on}
            onCheckedChange={(on) => change({ on })}
            className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full bg-muted p-0.5 transition-colors disabled:opacity-60 data-[state=checked]:bg-accent"
          >
            <Switch.Thumb className="block size-6 rounded-full bg-raised shadow transition-transform data-[state=checked]:translate-x-5" />
          </Switch.Root>
        </div>
        {form.on && (
          <>
            <div>
              <p id={ids.cadence} className="label">
                How often
              </p>
              <RadioGroup.Root
                aria-labelledby={ids.cadence}
                value={form.cadence}
                onValueChange={(cadence) => change({ cadence: cadence as EditionForm['cadence'] })}
                orientation="horizontal"
                className="inline-flex gap-1 rounded-xl bg-surface p-1"
              >
                <RadioGroup.Item value="daily" className={cadenceClass}>
                  Daily
                </RadioGroup.Item>
                <RadioGroup.Item value="weekly" className={cadenceClass}>
                  Weekly
                </RadioGroup.Item>
              </RadioGroup.Root>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              {form.cadence === 'weekly' && (
                <Field id={ids.weekday} label="Day" error={errors.weekday} errorAlert>
                  {(control) => (
                    <select
                      {...control}
                      className="field h-10.5"
                      value={form.weekday}
                      onChange={(e) =>
                        change({ weekday: e.target.value as EditionForm['weekday'] })
                      }
                    >
                      {WEEKDAYS.map((day) => (
                        <option key={day} value={day}>
                          {dayName(day)}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              )}
              <Field id={ids.time} label="Time" error={errors.time} errorAlert>
                {(control) => (
                  <input
                    {...control}
                    type="time"
                    className="field"
                    value={form.time}
                    onChange={(e) => change({ time: e.target.value })}
                  />
                )}
              </Field>
              <Field
                id={ids.timezone}
                label="Time zone"
                error={errors.timezone}
                errorAlert
                className="sm:col-span-2"
              >
                {(control) => (
                  <select
                    {...control}
                    className="field h-10.5"
                    value={form.timezone}
                    onChange={(e) => change({ timezone: e.target.value })}
                  >
                    {timezones(form.timezone).map((zone) => (
                      <option key={zone} value={zone}>
                        {zone.replaceAll('_', ' ')}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
          </>
        )}
        <Button type="submit" className="self-start">
          {save.isPending ? 'Saving…' : 'Save edition settings'}
        </Button>
      </fieldset>
    </form>
  );
}
