// The NPPES Downloadable File (the monthly full file and the weekly incremental one, "npidata_pfile_….csv"):
// 330 columns, every value double-quoted, one provider a line. Deactivated NPIs appear as rows with the NPI and
// the deactivation date only. The column names below are the file's own, in its order; the parser reads by
// name, so a reordering by CMS does not break it, and a missing column is refused by name.

const repeat = (count: number, names: (i: number) => string[]) =>
  Array.from({ length: count }, (_, k) => names(k + 1)).flat();

export const NPPES_FILE_COLUMNS: readonly string[] = [
  'NPI',
  'Entity Type Code',
  'Replacement NPI',
  'Employer Identification Number (EIN)',
  'Provider Organization Name (Legal Business Name)',
  'Provider Last Name (Legal Name)',
  'Provider First Name',
  'Provider Middle Name',
  'Provider Name Prefix Text',
  'Provider Name Suffix Text',
  'Provider Credential Text',
  'Provider Other Organization Name',
  'Provider Other Organization Name Type Code',
  'Provider Other Last Name',
  'Provider Other First Name',
  'Provider Other Middle Name',
  'Provider Other Name Prefix Text',
  'Provider Other Name Suffix Text',
  'Provider Other Credential Text',
  'Provider Other Last Name Type Code',
  'Provider First Line Business Mailing Address',
  'Provider Second Line Business Mailing Address',
  'Provider Business Mailing Address City Name',
  'Provider Business Mailing Address State Name',
  'Provider Business Mailing Address Postal Code',
  'Provider Business Mailing Address Country Code (If outside U.S.)',
  'Provider Business Mailing Address Telephone Number',
  'Provider Business Mailing Address Fax Number',
  'Provider First Line Business Practice Location Address',
  'Provider Second Line Business Practice Location Address',
  'Provider Business Practice Location Address City Name',
  'Provider Business Practice Location Address State Name',
  'Provider Business Practice Location Address Postal Code',
  'Provider Business Practice Location Address Country Code (If outside U.S.)',
  'Provider Business Practice Location Address Telephone Number',
  'Provider Business Practice Location Address Fax Number',
  'Provider Enumeration Date',
  'Last Update Date',
  'NPI Deactivation Reason Code',
  'NPI Deactivation Date',
  'NPI Reactivation Date',
  'Provider Sex Code',
  'Authorized Official Last Name',
  'Authorized Official First Name',
  'Authorized Official Middle Name',
  'Authorized Official Title or Position',
  'Authorized Official Telephone Number',
  ...repeat(15, (i) => [
    `Healthcare Provider Taxonomy Code_${i}`,
    `Provider License Number_${i}`,
    `Provider License Number State Code_${i}`,
    `Healthcare Provider Primary Taxonomy Switch_${i}`,
  ]),
  ...repeat(50, (i) => [
    `Other Provider Identifier_${i}`,
    `Other Provider Identifier Type Code_${i}`,
    `Other Provider Identifier State_${i}`,
    `Other Provider Identifier Issuer_${i}`,
  ]),
  'Is Sole Proprietor',
  'Is Organization Subpart',
  'Parent Organization LBN',
  'Parent Organization TIN',
  'Authorized Official Name Prefix Text',
  'Authorized Official Name Suffix Text',
  'Authorized Official Credential Text',
  ...repeat(15, (i) => [`Healthcare Provider Taxonomy Group_${i}`]),
  'Certification Date',
];

/** The columns the import reads; a file without one of them is not an NPPES file. */
export const NPPES_FILE_REQUIRED = [
  'NPI',
  'Entity Type Code',
  'Provider Organization Name (Legal Business Name)',
  'Provider Last Name (Legal Name)',
  'Provider First Name',
  'Provider First Line Business Practice Location Address',
  'Provider Business Practice Location Address City Name',
  'Provider Business Practice Location Address State Name',
  'Provider Business Practice Location Address Postal Code',
  'NPI Deactivation Date',
  'Healthcare Provider Taxonomy Code_1',
  'Healthcare Provider Primary Taxonomy Switch_1',
] as const;

/** The NPPES Deactivated NPI Report's columns (the weekly deactivation file). */
export const NPPES_DEACTIVATION_COLUMNS = ['NPI', 'NPPES Deactivation Date'] as const;

/** NPPES deactivation reason codes (the file's "NPI Deactivation Reason Code"). */
export const NPPES_DEACTIVATION_REASONS: Record<string, string> = {
  DT: 'Death',
  DB: 'Disbandment',
  FR: 'Fraud',
  OT: 'Other',
};
