import ChevronFuzzing
import FuzzDriver

// The `xliff` fuzz target: every input goes to `FuzzEntries.xliff`.
runFuzzer(FuzzEntries.xliff)
