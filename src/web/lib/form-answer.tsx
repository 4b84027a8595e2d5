import { createContext, useContext, type ReactNode } from 'react';
import type { PostedFormAnswer } from '../../shared/form-answer.ts';

const FormAnswerContext = createContext<PostedFormAnswer | undefined>(undefined);

/** Holds the server's answer to a form posted without script, on the page that shows it. */
export function FormAnswerProvider({ answer, children }: { answer?: PostedFormAnswer; children: ReactNode }) {
  return <FormAnswerContext.Provider value={answer}>{children}</FormAnswerContext.Provider>;
}

export const useFormAnswer = () => useContext(FormAnswerContext);
