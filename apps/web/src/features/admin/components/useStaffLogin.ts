import { AdminLoginRequest } from '@p2p/shared';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n';
import { ApiError } from '@/lib/api';
import { useNavigate } from '@/lib/router';
import { adminApi } from '../api/admin-api';
import { useAdminSession } from '../session';
import { formProblem, SERVER_ERROR, useConsoleForm, withKeys } from './admin-form';

/** The sign-in form as typed. */
interface LoginForm {
  email: string;
  password: string;
  code: string;
}

/**
 * The sign-in request's own rules (docs/product/texts-and-limits.md): both fields, an @ in the
 * email, a password of at least 6.
 */
const LoginSchema = withKeys(AdminLoginRequest, {});

/** The staff sign-in: the form, the two-factor step, the request and where it leads. */
export function useStaffLogin(next: string) {
  const t = useT();
  const navigate = useNavigate();
  const { signIn } = useAdminSession();
  const form = useConsoleForm<LoginForm, AdminLoginRequest>(LoginSchema, {
    email: '',
    password: '',
    code: '',
  });
  const [needsCode, setNeedsCode] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = form.handleSubmit(async ({ email, password, code }) => {
    setBusy(true);
    try {
      const result = await adminApi.login({ email, password, ...(needsCode ? { code: code ?? '' } : {}) });
      signIn(result);
      toast.success(t('bo.login.success'));
      navigate(result.enrolmentRequired ? '/admin/security' : next, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'TWO_FACTOR_REQUIRED') {
        setNeedsCode(true);
      } else {
        const message = error instanceof Error && error.message ? error.message : t('bo.login.failedToast');
        form.setError(SERVER_ERROR, { type: 'server', message });
        toast.error(message || t('bo.login.failedToast'));
      }
    } finally {
      setBusy(false);
    }
  });

  const { errors } = form.formState;
  // Either field missing says "fill in all fields" first, as the form always has.
  const fillAll = t('validation.admin.fillAll');
  const missing = errors.email?.message === fillAll || errors.password?.message === fillAll;
  return {
    form,
    submit,
    busy,
    needsCode,
    problem: missing ? fillAll : formProblem(errors, ['email', 'password']),
    back: () => {
      setNeedsCode(false);
      form.setValue('code', '');
    },
  };
}

export type StaffLogin = ReturnType<typeof useStaffLogin>;
