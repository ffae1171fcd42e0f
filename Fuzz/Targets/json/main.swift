import ChevronFuzzing
import FuzzDriver

// The `json` fuzz target: every input goes to `FuzzEntries.json`.
runFuzzer(FuzzEntries.json)
