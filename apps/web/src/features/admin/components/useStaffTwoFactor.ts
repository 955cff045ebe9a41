import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n';
import { adminApi } from '../api/admin-api';

/**
 * The signed-in staff member's two-factor: its status, a key being set up, the code typed to
 * enable or disable it, and the recovery codes shown once after enabling.
 */
export function useStaffTwoFactor() {
  const t = useT();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: ['admin', '2fa'], queryFn: adminApi.twoFactor });
  const [setup, setSetup] = useState<{ secret: string; otpauthUri: string } | null>(null);
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: ['admin', '2fa'] });
  const failed = (e: Error) => toast.error(e.message || t('bo.actionFailed'));
  const start = useMutation({ mutationFn: adminApi.twoFactorSetup, onSuccess: setSetup, onError: failed });
  const enable = useMutation({
    mutationFn: () => adminApi.twoFactorEnable(code.trim()),
    onSuccess: (result) => {
      setRecovery(result.recoveryCodes);
      setSetup(null);
      setCode('');
      toast.success(t('bo.security.enabled'));
      void reload();
    },
    onError: failed,
  });
  const disable = useMutation({
    mutationFn: () => adminApi.twoFactorDisable(code.trim()),
    onSuccess: () => {
      setCode('');
      toast.success(t('bo.security.disabled'));
      void reload();
    },
    onError: failed,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    if (status.data?.enabled) disable.mutate();
    else enable.mutate();
  };
  return { status, setup, code, setCode, recovery, start, submit };
}

export type StaffTwoFactor = ReturnType<typeof useStaffTwoFactor>;
