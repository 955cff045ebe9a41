import { SendMessageRequest } from '@p2p/shared';
import { type RefObject, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { currentLang } from '@/i18n';
import { catalogueResolver } from '@/lib/form-resolver';

type Draft = { content: string };

interface ComposerOptions {
  inputRef?: RefObject<HTMLTextAreaElement | null> | undefined;
  /** Offline or the history not there: nothing can be sent. */
  disabled: boolean;
  onSend: (text: string) => Promise<boolean>;
  onEdit: () => void;
}

/**
 * The composer's draft: react-hook-form over the shared SendMessageRequest. A blank draft is
 * silently not sent; one the schema refuses (too long) says why until it is edited. The box
 * empties as the message goes and gets it back if sending fails, so nothing typed is lost.
 */
export function useComposer({ inputRef, disabled, onSend, onEdit }: ComposerOptions) {
  const resolver = useMemo(
    () => catalogueResolver<Draft, SendMessageRequest>(SendMessageRequest, currentLang),
    [],
  );
  const form = useForm<Draft, unknown, SendMessageRequest>({
    resolver,
    defaultValues: { content: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [sending, setSending] = useState(false);
  const draft = form.watch('content');
  const blocked = disabled || sending;
  const focusInput = () => requestAnimationFrame(() => inputRef?.current?.focus());

  const send = form.handleSubmit(async ({ content }) => {
    const typed = form.getValues('content');
    setSending(true);
    form.setValue('content', '');
    const ok = await onSend(content);
    setSending(false);
    if (!ok && !form.getValues('content')) form.setValue('content', typed);
    focusInput();
  }, focusInput);
  const submit = () => {
    if (!blocked && draft.trim()) void send();
  };
  const edit = (text: string) => {
    form.setValue('content', text, { shouldDirty: true });
    form.clearErrors('content');
    onEdit();
  };

  return { draft, sending, blocked, error: form.formState.errors.content?.message ?? null, submit, edit };
}
