import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BackupCodesResponse, ConfirmIdentityRequest } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { twoFactorKeys } from './get-methods.ts';

/** POST /api/auth/2fa/backup-codes/generate (003 §7.3) with the current password (issue #12). */
export function generateBackupCodes(confirmation: ConfirmIdentityRequest): Promise<BackupCodesResponse> {
  return apiRequest<BackupCodesResponse>(`/api/auth/2fa/backup-codes/generate`, {
    method: 'POST',
    body: confirmation,
  });
}

export function useGenerateBackupCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateBackupCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.all }),
  });
}
