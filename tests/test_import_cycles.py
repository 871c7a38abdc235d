"""No module of the package imports itself back, through any chain of imports.

The graph is grimp's (the library import-linter reads the code with): every ``import`` of
every module, at module level, inside functions and under ``TYPE_CHECKING`` alike, since a
cycle a type checker needs is still two modules that cannot be read one without the other.
A cycle fails the test with its modules in import order.
"""

from __future__ import annotations

from collections import deque
from functools import cache

import grimp

PACKAGE = "dealer_trainer"


@cache
def _imports() -> dict[str, frozenset[str]]:
    graph = grimp.build_graph(PACKAGE, exclude_type_checking_imports=False)
    modules = frozenset(graph.modules)
    return {m: frozenset(graph.find_modules_directly_imported_by(m)) & modules for m in modules}


def strongly_connected(imports: dict[str, frozenset[str]]) -> list[frozenset[str]]:
    """The groups of modules that reach one another (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[frozenset[str]] = []
    for root in sorted(imports):
        if root in index:
            continue
        work = [(root, iter(sorted(imports[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(imports[target]))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    group = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.add(member)
                        if member == node:
                            break
                    if len(group) > 1 or node in imports[node]:
                        groups.append(frozenset(group))
    return groups


def a_cycle(group: frozenset[str], imports: dict[str, frozenset[str]]) -> list[str]:
    """One shortest way round ``group``: its first module, what it imports, ... back to it."""
    start = min(group)
    came_from: dict[str, str] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for target in sorted(imports[node] & group):
            if target == start:
                path = [node]
                while path[-1] != start:
                    path.append(came_from[path[-1]])
                return [start, *reversed(path[:-1]), start] if node != start else [start, start]
            if target not in came_from:
                came_from[target] = node
                queue.append(target)
    raise AssertionError(f"{sorted(group)} is not a cycle")


def test_the_cycle_finder_names_a_cycle() -> None:
    imports = {
        "p.a": frozenset({"p.b"}),
        "p.b": frozenset({"p.c"}),
        "p.c": frozenset({"p.a", "p.d"}),
        "p.d": frozenset(),
    }
    (group,) = strongly_connected(imports)
    assert group == {"p.a", "p.b", "p.c"}
    assert a_cycle(group, imports) == ["p.a", "p.b", "p.c", "p.a"]
    assert strongly_connected({"p.a": frozenset({"p.b"}), "p.b": frozenset()}) == []


def test_no_module_imports_itself_back() -> None:
    imports = _imports()
    found = strongly_connected(imports)
    assert not found, "import cycles:\n" + "\n".join(
        f"{' -> '.join(a_cycle(g, imports))} (the cycle holds {', '.join(sorted(g))})"
        for g in sorted(found, key=min)
    )
