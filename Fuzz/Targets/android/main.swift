import ChevronFuzzing
import FuzzDriver

// The `android` fuzz target: every input goes to `FuzzEntries.android`.
runFuzzer(FuzzEntries.android)
