import ChevronFuzzing
import FuzzDriver

// The `calls` fuzz target: every input goes to `FuzzEntries.calls`.
runFuzzer(FuzzEntries.calls)
