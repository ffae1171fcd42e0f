#!/usr/bin/env python3
"""Runs the `run:` steps of a GitHub Actions job here, as a runner would for one event.

usage: github_steps.py SOURCE EVENT WORKSPACE [--skip STEP_NAME]... [--var NAME=VALUE]...
                       [--input NAME=VALUE]...

SOURCE is a workflow file (`.yml`), `FILE.md#HEADING` (the first ```yaml block after the
Markdown heading HEADING), or a composite action's `action.yml`: its `runs.steps` run as a job's
steps would, with the `inputs` context holding each input's default unless --input gives it, and
GITHUB_ACTION_PATH (`github.action_path`) the action's folder. EVENT is `push` or `pull_request`. The job's steps run in WORKSPACE
with the variables GitHub sets (GITHUB_WORKSPACE, GITHUB_EVENT_NAME, GITHUB_STEP_SUMMARY,
GITHUB_OUTPUT, GITHUB_ENV, GITHUB_PATH, GITHUB_REF, GITHUB_BASE_REF) and `${{ … }}` expressions
read from the context GitHub gives that event (`github.base_ref` is empty on a push).

Steps that `uses:` an action are skipped (their names are printed); so are steps named with
--skip (the test provides what they would). A step's `if:` is evaluated for what these recipes
use: `always()`, `success()`, `failure()`, and `github.event_name == / != 'NAME'`; a step with no
`if:` runs while no step has failed. Each step runs as GitHub runs it on Linux:
`bash --noprofile --norc -eo pipefail` on the step's script, in its `working-directory` (below
WORKSPACE) if it names one.

A step's GITHUB_OUTPUT becomes `steps.ID.outputs`, and what it adds to GITHUB_PATH and GITHUB_ENV
reaches the steps after it.

Prints one JSON object: {"steps": [{"name", "ran", "status", "output"}], "summary": TEXT,
"outputs": {NAME: VALUE}} (an action's outputs; empty for a workflow).
"""
import json
import os
import re
import subprocess
import sys

import yaml


def workflow_text(source):
    if "#" not in source:
        with open(source, encoding="utf-8") as handle:
            return handle.read()
    path, heading = source.split("#", 1)
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    start = next(i for i, line in enumerate(lines) if line.lstrip("#").strip() == heading and line.startswith("#"))
    opening = next(i for i in range(start, len(lines)) if lines[i].strip() == "```yaml")
    closing = next(i for i in range(opening + 1, len(lines)) if lines[i].strip() == "```")
    return "\n".join(lines[opening + 1:closing])


def context_value(path, context):
    value = context
    for part in path.split("."):
        if not isinstance(value, dict) or part not in value:
            return ""
        value = value[part]
    return value


def substitute(text, context):
    return re.sub(r"\$\{\{\s*([\w.-]+)\s*\}\}", lambda match: str(context_value(match.group(1), context)), text)


def condition_holds(condition, context, failed):
    if condition is None:
        return not failed
    condition = condition.strip()
    if condition.startswith("${{") and condition.endswith("}}"):
        condition = condition[3:-2].strip()
    if condition == "always()":
        return True
    if condition == "success()":
        return not failed
    if condition == "failure()":
        return failed
    match = re.fullmatch(r"([\w.-]+)\s*(==|!=)\s*'([^']*)'", condition)
    if not match:
        raise SystemExit(f"github_steps.py: cannot evaluate if: {condition}")
    value = str(context_value(match.group(1), context))
    holds = value == match.group(3) if match.group(2) == "==" else value != match.group(3)
    # A condition without a status function holds only while no step has failed (GitHub adds success()).
    return holds and not failed


def main():
    arguments = sys.argv[1:]
    skipped, variables, given = [], {}, {}
    while "--skip" in arguments:
        index = arguments.index("--skip")
        skipped.append(arguments[index + 1])
        del arguments[index:index + 2]
    for option, into in (("--var", variables), ("--input", given)):
        while option in arguments:
            index = arguments.index(option)
            name, value = arguments[index + 1].split("=", 1)
            into[name] = value
            del arguments[index:index + 2]
    source, event, workspace = arguments
    workflow = yaml.safe_load(workflow_text(source))
    action_path = ""
    inputs = {}
    if "runs" in workflow:
        if workflow["runs"].get("using") != "composite":
            raise SystemExit("github_steps.py: only a composite action's steps can run here")
        declared = workflow.get("inputs") or {}
        unknown = sorted(set(given) - set(declared))
        if unknown:
            raise SystemExit(f"github_steps.py: the action has no input {', '.join(unknown)}")
        inputs = {name: str(given.get(name, (spec or {}).get("default", ""))) for name, spec in declared.items()}
        steps = workflow["runs"]["steps"]
        action_path = os.path.dirname(os.path.abspath(source))
    else:
        # `on:` is read by PyYAML as the boolean True.
        triggers = workflow.get("on", workflow.get(True, {}))
        if event not in (triggers or {}):
            raise SystemExit(f"github_steps.py: the workflow does not run on {event}")
        (job,) = workflow["jobs"].values()
        steps = job["steps"]
    pull = event == "pull_request"
    context = {
        "github": {
            "event_name": event,
            "base_ref": "main" if pull else "",
            "head_ref": "feature" if pull else "",
            "ref": "refs/pull/1/merge" if pull else "refs/heads/main",
            "server_url": "https://github.com",
            "repository": "example/app",
            "workspace": workspace,
            "action_path": action_path,
        },
        "vars": variables,
        "inputs": inputs,
    }
    summary = os.path.join(workspace, ".github-step-summary.md")
    files = {name: os.path.join(workspace, f".github-{name}") for name in ("output", "env", "path")}
    for path in [summary, *files.values()]:
        open(path, "w").close()
    environment = dict(os.environ)
    environment.update({
        "CI": "true",
        "GITHUB_ACTIONS": "true",
        "GITHUB_EVENT_NAME": event,
        "GITHUB_WORKSPACE": workspace,
        "GITHUB_STEP_SUMMARY": summary,
        "GITHUB_OUTPUT": files["output"],
        "GITHUB_ENV": files["env"],
        "GITHUB_PATH": files["path"],
        "GITHUB_REF": context["github"]["ref"],
        "GITHUB_BASE_REF": context["github"]["base_ref"],
        "GITHUB_HEAD_REF": context["github"]["head_ref"],
        "GITHUB_SERVER_URL": context["github"]["server_url"],
        "GITHUB_REPOSITORY": context["github"]["repository"],
        "RUNNER_TEMP": os.path.join(workspace, ".runner-temp"),
    })
    os.makedirs(environment["RUNNER_TEMP"], exist_ok=True)
    if action_path:
        environment["GITHUB_ACTION_PATH"] = action_path
    failed = False
    results = []
    context["steps"] = {}
    for step in steps:
        name = step.get("name") or step.get("uses") or step.get("run", "").split("\n")[0]
        if "uses" in step or name in skipped:
            results.append({"name": name, "ran": False, "status": None, "output": "skipped: not a run step"})
            continue
        if not condition_holds(step.get("if"), context, failed):
            results.append({"name": name, "ran": False, "status": None, "output": "skipped by its if:"})
            continue
        step_environment = dict(environment)
        for key, value in (step.get("env") or {}).items():
            step_environment[key] = substitute(str(value), context)
        # Each step has an output file of its own; what it writes is `steps.ID.outputs`.
        open(files["output"], "w").close()
        script = substitute(step["run"], context)
        completed = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script],
            cwd=os.path.join(workspace, substitute(str(step.get("working-directory", ".")), context)),
            env=step_environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600)
        if completed.returncode != 0:
            failed = True
        if "id" in step:
            context["steps"][step["id"]] = {"outputs": read_assignments(files["output"])}
        # Lines a step adds to GITHUB_PATH come first on later steps' PATH; GITHUB_ENV sets variables.
        with open(files["path"], encoding="utf-8") as handle:
            added = [line for line in handle.read().split("\n") if line]
        environment["PATH"] = ":".join(list(reversed(added)) + [os.environ.get("PATH", "")])
        environment.update(read_assignments(files["env"]))
        results.append({
            "name": name, "ran": True, "status": completed.returncode,
            "output": completed.stdout.decode("utf-8", errors="replace"),
        })
    outputs = {
        name: substitute(str((spec or {}).get("value", "")), context)
        for name, spec in (workflow.get("outputs") or {}).items()
    } if "runs" in workflow else {}
    with open(summary, encoding="utf-8") as handle:
        print(json.dumps({"steps": results, "summary": handle.read(), "outputs": outputs}))


def read_assignments(path):
    """NAME=VALUE lines and NAME<<DELIMITER blocks, as GITHUB_OUTPUT and GITHUB_ENV hold them."""
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    values, index = {}, 0
    while index < len(lines):
        line = lines[index]
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, delimiter = line.split("<<", 1)
            end = lines.index(delimiter, index + 1)
            values[name] = "\n".join(lines[index + 1:end])
            index = end + 1
            continue
        if "=" in line:
            name, value = line.split("=", 1)
            values[name] = value
        index += 1
    return values

if __name__ == "__main__":
    main()
