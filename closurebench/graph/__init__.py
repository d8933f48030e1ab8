"""The graph layer: seeds, graph families, planting and tensor primitives.

It knows no category: everything here is a graph, a random stream or a relation over an
adjacency matrix. Categories (``closurebench.categories``) build their questions on it.

* ``seeds``: every random stream as a hash of named parts.
* ``families``: ``Graph`` and the random families (digraphs, undirected graphs, family trees).
* ``plant``: building a graph around the structure an answer needs.
* ``tensor``: the tensor-logic primitives (closure, degrees, SCCs, triangles) in numpy.
"""
