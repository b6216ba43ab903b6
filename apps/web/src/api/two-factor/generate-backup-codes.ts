import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BackupCodesResponse } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { twoFactorKeys } from './get-methods.ts';

/** POST /api/auth/2fa/backup-codes/generate (003 §7.3). */
export function generateBackupCodes(): Promise<BackupCodesResponse> {
  return apiRequest<BackupCodesResponse>(`/api/auth/2fa/backup-codes/generate`, { method: 'POST' });
}

export function useGenerateBackupCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateBackupCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.all }),
  });
}
