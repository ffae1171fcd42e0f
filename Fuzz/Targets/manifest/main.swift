import ChevronFuzzing
import FuzzDriver

// The `manifest` fuzz target: every input goes to `FuzzEntries.manifest`.
runFuzzer(FuzzEntries.manifest)
