import ChevronFuzzing
import FuzzDriver

// The `one-pass` fuzz target: every input goes to `FuzzEntries.onePass`.
runFuzzer(FuzzEntries.onePass)
