#!/usr/bin/env python3
"""Runs the `run:` steps of a GitHub Actions job here, as a runner would for one event.

usage: github_steps.py SOURCE EVENT WORKSPACE [--skip STEP_NAME]... [--var NAME=VALUE]...

SOURCE is a workflow file (`.yml`), or `FILE.md#HEADING`: the first ```yaml block after the
Markdown heading HEADING. EVENT is `push` or `pull_request`. The job's steps run in WORKSPACE
with the variables GitHub sets (GITHUB_WORKSPACE, GITHUB_EVENT_NAME, GITHUB_STEP_SUMMARY,
GITHUB_OUTPUT, GITHUB_ENV, GITHUB_PATH, GITHUB_REF, GITHUB_BASE_REF) and `${{ … }}` expressions
read from the context GitHub gives that event (`github.base_ref` is empty on a push).

Steps that `uses:` an action are skipped (their names are printed); so are steps named with
--skip (the test provides what they would). A step's `if:` is evaluated for what these recipes
use: `always()`, `success()`, `failure()`, and `github.event_name == / != 'NAME'`; a step with no
`if:` runs while no step has failed. Each step runs as GitHub runs it on Linux:
`bash --noprofile --norc -eo pipefail` on the step's script.

Prints one JSON object: {"steps": [{"name", "ran", "status", "output"}], "summary": TEXT}.
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
    return re.sub(r"\$\{\{\s*([\w.]+)\s*\}\}", lambda match: str(context_value(match.group(1), context)), text)


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
    match = re.fullmatch(r"([\w.]+)\s*(==|!=)\s*'([^']*)'", condition)
    if not match:
        raise SystemExit(f"github_steps.py: cannot evaluate if: {condition}")
    value = str(context_value(match.group(1), context))
    holds = value == match.group(3) if match.group(2) == "==" else value != match.group(3)
    # A condition without a status function holds only while no step has failed (GitHub adds success()).
    return holds and not failed


def main():
    arguments = sys.argv[1:]
    skipped, variables = [], {}
    while "--skip" in arguments:
        index = arguments.index("--skip")
        skipped.append(arguments[index + 1])
        del arguments[index:index + 2]
    while "--var" in arguments:
        index = arguments.index("--var")
        name, value = arguments[index + 1].split("=", 1)
        variables[name] = value
        del arguments[index:index + 2]
    source, event, workspace = arguments
    workflow = yaml.safe_load(workflow_text(source))
    # `on:` is read by PyYAML as the boolean True.
    triggers = workflow.get("on", workflow.get(True, {}))
    if event not in (triggers or {}):
        raise SystemExit(f"github_steps.py: the workflow does not run on {event}")
    (job,) = workflow["jobs"].values()
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
        },
        "vars": variables,
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
    })
    failed = False
    results = []
    for step in job["steps"]:
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
        script = substitute(step["run"], context)
        completed = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script],
            cwd=workspace, env=step_environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600)
        if completed.returncode != 0:
            failed = True
        results.append({
            "name": name, "ran": True, "status": completed.returncode,
            "output": completed.stdout.decode("utf-8", errors="replace"),
        })
    with open(summary, encoding="utf-8") as handle:
        print(json.dumps({"steps": results, "summary": handle.read()}))


if __name__ == "__main__":
    main()
