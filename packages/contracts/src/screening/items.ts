// The PHQ-9 and GAD-7 as published (Spitzer, Williams, Kroenke and colleagues; both free to use), their scoring and
// severity bands, and the crisis rule (docs/decisions/0160-intake-screening-rules.md). Without zod: the intake
// form and the crisis screen import these on their first paint, and the crisis screen must open offline.

/** The answers both questionnaires offer, with the points each scores. */
export const FREQUENCY_OPTIONS = [
  { value: 0, label: 'Not at all' },
  { value: 1, label: 'Several days' },
  { value: 2, label: 'More than half the days' },
  { value: 3, label: 'Nearly every day' },
] as const;

export const PHQ9_QUESTION = 'Over the last 2 weeks, how often have you been bothered by any of the following problems?';
export const GAD7_QUESTION = 'Over the last 2 weeks, how often have you been bothered by the following problems?';

export const PHQ9_ITEMS = [
  'Little interest or pleasure in doing things',
  'Feeling down, depressed, or hopeless',
  'Trouble falling or staying asleep, or sleeping too much',
  'Feeling tired or having little energy',
  'Poor appetite or overeating',
  'Feeling bad about yourself — or that you are a failure or have let yourself or your family down',
  'Trouble concentrating on things, such as reading the newspaper or watching television',
  'Moving or speaking so slowly that other people could have noticed? Or the opposite — being so fidgety or restless that you have been moving around a lot more than usual',
  'Thoughts that you would be better off dead or of hurting yourself in some way',
] as const;

export const GAD7_ITEMS = [
  'Feeling nervous, anxious or on edge',
  'Not being able to stop or control worrying',
  'Worrying too much about different things',
  'Trouble relaxing',
  'Being so restless that it is hard to sit still',
  'Becoming easily annoyed or irritable',
  'Feeling afraid as if something awful might happen',
] as const;

/** The closing question both forms carry; it is not scored. */
export const DIFFICULTY_QUESTION =
  'If you checked off any problems, how difficult have these problems made it for you to do your work, take care of things at home, or get along with other people?';
export const DIFFICULTY_OPTIONS = [
  { value: 0, label: 'Not difficult at all' },
  { value: 1, label: 'Somewhat difficult' },
  { value: 2, label: 'Very difficult' },
  { value: 3, label: 'Extremely difficult' },
] as const;

/** PHQ-9 item 9 (thoughts of self-harm), zero-based. */
export const PHQ9_SELF_HARM_ITEM = 8;

export const PHQ9_BANDS = ['minimal', 'mild', 'moderate', 'moderately severe', 'severe'] as const;
export type Phq9Band = (typeof PHQ9_BANDS)[number];
export const GAD7_BANDS = ['minimal', 'mild', 'moderate', 'severe'] as const;
export type Gad7Band = (typeof GAD7_BANDS)[number];
export type SeverityBand = Phq9Band | Gad7Band;

/** The questionnaires' modes at a first booking (site setting). */
export const INTAKE_MODES = ['off', 'offered', 'required'] as const;
export type IntakeMode = (typeof INTAKE_MODES)[number];

/** A client's own booking refused while the site requires an intake they have not answered (422). */
export const INTAKE_REQUIRED = 'Please answer the intake questionnaire before your first booking.';

/** The sum of the item scores (each 0-3). */
export function totalScore(answers: readonly number[]): number {
  return answers.reduce((sum, a) => sum + a, 0);
}

/** PHQ-9: 0-4 minimal, 5-9 mild, 10-14 moderate, 15-19 moderately severe, 20-27 severe. */
export function phq9Band(score: number): Phq9Band {
  if (score >= 20) return 'severe';
  if (score >= 15) return 'moderately severe';
  if (score >= 10) return 'moderate';
  if (score >= 5) return 'mild';
  return 'minimal';
}

/** GAD-7: 0-4 minimal, 5-9 mild, 10-14 moderate, 15-21 severe. */
export function gad7Band(score: number): Gad7Band {
  if (score >= 15) return 'severe';
  if (score >= 10) return 'moderate';
  if (score >= 5) return 'mild';
  return 'minimal';
}

/** Any answer above "Not at all" to PHQ-9 item 9 opens the crisis path. */
export function needsCrisisPath(phq9: readonly number[]): boolean {
  return (phq9[PHQ9_SELF_HARM_ITEM] ?? 0) > 0;
}

/** The worse of the two bands on the PHQ-9's scale (the Triage list's order): GAD-7 'severe' ranks as 'severe'. */
export function worseBand(phq9: Phq9Band, gad7: Gad7Band): Phq9Band {
  return PHQ9_BANDS.indexOf(gad7) > PHQ9_BANDS.indexOf(phq9) ? gad7 : phq9;
}

/** A band as shown ('Moderately severe'). */
export function bandLabel(band: SeverityBand): string {
  return band.charAt(0).toUpperCase() + band.slice(1);
}
