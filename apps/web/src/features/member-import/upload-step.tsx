import { Alert, Button, FileInput, Group, Progress, Select, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { MEMBER_IMPORT_MAX_BYTES, MEMBER_IMPORT_MESSAGES } from '@trust/domain';
import { useState } from 'react';
import { errorText } from '../../api/errors.ts';
import { type UploadedImport, uploadMemberFile } from '../../api/members/member-imports.ts';

/** Step 1: the file (CSV or XLSX) and the source system whose mappings match its columns. */
export function UploadStep({
  sourceSystems,
  onUploaded,
}: {
  sourceSystems: string[];
  onUploaded: (result: UploadedImport, sourceSystem: string) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [source, setSource] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const upload = async () => {
    if (!file) return setError(MEMBER_IMPORT_MESSAGES.noFile);
    if (/\.xls$/i.test(file.name)) return setError(MEMBER_IMPORT_MESSAGES.xlsUnsupported);
    if (file.size > MEMBER_IMPORT_MAX_BYTES) return setError(MEMBER_IMPORT_MESSAGES.tooLarge);
    setError(null);
    setProgress(0);
    try {
      onUploaded(await uploadMemberFile(file, source, setProgress), source);
    } catch (e) {
      setError(errorText(e, MEMBER_IMPORT_MESSAGES.uploadFailed));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Stack gap="sm" maw={560}>
      <Text size="sm">
        Upload a member roster as CSV or Excel (.xlsx), with the column names in the first row. Each row needs
        a first and last name and a Medicaid ID or patient number. Nothing is imported until you confirm the
        columns.
      </Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <FileInput
        label="Member file"
        placeholder="Choose a .csv or .xlsx file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        value={file}
        onChange={setFile}
        clearable
        required
      />
      <Select
        label="Source system"
        description="The plan or agency that sent the file: its field mappings match the columns"
        placeholder="Any source"
        data={sourceSystems}
        searchable
        clearable
        value={source || null}
        onChange={(v) => setSource(v ?? '')}
        onSearchChange={(s) => {
          if (s && !sourceSystems.includes(s)) setSource(s);
        }}
      />
      {progress !== null && <Progress value={progress * 100} aria-label="Upload progress" animated />}
      <Group>
        <Button
          leftSection={<IconUpload size={16} />}
          onClick={upload}
          loading={progress !== null}
          disabled={!file}
        >
          Upload and match columns
        </Button>
      </Group>
    </Stack>
  );
}
