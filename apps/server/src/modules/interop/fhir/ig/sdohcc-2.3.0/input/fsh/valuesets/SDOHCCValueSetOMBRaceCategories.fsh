ValueSet: SDOHCCValueSetOMBRaceCategories
Id: SDOHCC-ValueSetOMBRaceCategories
Title: "SDOHCC ValueSet OMB Race Categories"
Description: "Codes for the five race categories - 'American Indian' or 'Alaska Native','Asian', 'Black or African American', 'Native Hawaiian or Other Pacific Islander', and 'White' - as defined by the [OMB Standards for Maintaining, Collecting, and Presenting Federal Data on Race and Ethnicity, Statistical Policy Directive No. 15, as revised, October 30, 1997](https://www.govinfo.gov/content/pkg/FR-1997-10-30/pdf/97-28653.pdf). This value set was created (as opposed to using the US Core OMB Race Categories value set) to deliberately prevent inclusion of null flavors."
* ^status = #active
* ^experimental = false
* urn:oid:2.16.840.1.113883.6.238|3.1.1#1002-5 "American Indian or Alaska Native"
* urn:oid:2.16.840.1.113883.6.238|3.1.1#2028-9 "Asian"
* urn:oid:2.16.840.1.113883.6.238|3.1.1#2054-5 "Black or African American"
* urn:oid:2.16.840.1.113883.6.238|3.1.1#2076-8 "Native Hawaiian or Other Pacific Islander"
* urn:oid:2.16.840.1.113883.6.238|3.1.1#2106-3 "White"