ValueSet: SDOHCCValueSetTaskCode
Id: SDOHCC-ValueSetTaskCode
Title: "SDOHCC ValueSet Task Code"
Description: "Codes for the general action a task involves."
* ^status = #active
* ^experimental = false
* SDOHCCCodeSystemTemporaryCodes#make-contact "Make Contact"
* SDOHCCCodeSystemTemporaryCodes#review-material "Review Material"
* SDOHCCCodeSystemTemporaryCodes#general-information "General Information"
* TemporaryCodes#complete-questionnaire "Complete Questionnaire"