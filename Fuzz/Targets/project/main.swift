import ChevronFuzzing
import FuzzDriver

// The `project` fuzz target: every input goes to `FuzzEntries.project`.
runFuzzer(FuzzEntries.project)
