import ChevronFuzzing
import FuzzDriver

// The `frames` fuzz target: every input goes to `FuzzEntries.frames`.
runFuzzer(FuzzEntries.frames)
