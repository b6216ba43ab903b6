ValueSet: SDOHCCValueSetTaskPriority
Id: SDOHCC-ValueSetTaskPriority
Title: "SDOHCC ValueSet Task Priority"
Description: "Codes for the priority of a task for a patient."
* ^status = #active
* ^experimental = false
* RequestPriority#routine "Routine"
* RequestPriority#urgent "Urgent"