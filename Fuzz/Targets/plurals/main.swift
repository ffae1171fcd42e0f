import ChevronFuzzing
import FuzzDriver

// The `plurals` fuzz target: every input goes to `FuzzEntries.plurals`.
runFuzzer(FuzzEntries.plurals)
