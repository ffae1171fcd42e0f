import ChevronFuzzing
import FuzzDriver

// The `check-formats` fuzz target: every input goes to `FuzzEntries.checkFormats`.
runFuzzer(FuzzEntries.checkFormats)
