/** The answer form picker beside the answer editor: what the answer text is. The user's choice, never guessed from the text. */
import { usePlayground, useServices } from '../storeContext.ts';
import { Picker } from './Picker.tsx';
import { ANSWER_FORM_ENTRIES } from './versionEntries.ts';

/** "Answer is: structuredContent | whole result" (output role only: input arguments have one form). */
export function AnswerFormPicker() {
  const { store } = useServices();
  const form = usePlayground((s) => s.answerForm);
  return <Picker label="Answer is" options={ANSWER_FORM_ENTRIES} value={form} onChange={(id) => store.getState().setField('answerForm', id)} />;
}
