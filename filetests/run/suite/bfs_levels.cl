// Breadth-first search as Rodinia's bfs writes it: a graph in CSR (node start, edge
// count, edge list), a frontier mask, an updating mask and a visited mask; kernel 1
// expands the frontier (each frontier node sets cost[nb] = cost[node] + 1 for unvisited
// neighbours), kernel 2 moves the updating mask into the frontier and sets a `more`
// flag. Here the host loop is folded into one work-group with barriers: the two phases
// alternate until no node was added (global-memory barriers between them). The graph
// has 10 nodes, undirected edges 0-1 0-2 1-3 2-3 3-4 4-5 5-6 6-7 2-8 and 9 isolated.
// Expected: BFS levels from node 0 (-1 unreached) and the number of levels, by Python's
// deque BFS (reference/suite.py).
// RUN: kauai oclc -execute -enqueue bfs -arg start,0,2,4,7,10,12,14,16,17,18,18 -arg edges,1,2,0,3,0,3,8,1,2,4,3,5,4,6,5,7,6,2 -arg frontier,1,0,0,0,0,0,0,0,0,0 -arg updating,repeat(10,0) -arg visited,1,0,0,0,0,0,0,0,0,0 -arg cost,0,-1,-1,-1,-1,-1,-1,-1,-1,-1 -print cost,10 -print levels,1 -global 10 -local 10 %s
// CHECK: cost,0,1,1,2,3,4,5,6,2,-1
// CHECK-NEXT: levels,7

__kernel void bfs(__global const int *start, __global const int *edges, __global uchar *frontier,
                  __global uchar *updating, __global uchar *visited, __global int *cost,
                  __global int *levels)
{
    __local int more;
    int id = get_global_id(0);
    int level = 0;
    int go;
    if (id == 0)
        more = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    do {
        if (frontier[id]) {
            frontier[id] = 0;
            for (int e = start[id]; e < start[id + 1]; e++) {
                int nb = edges[e];
                if (!visited[nb]) {
                    cost[nb] = cost[id] + 1;
                    updating[nb] = 1;
                }
            }
        }
        barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
        if (updating[id]) {
            frontier[id] = 1;
            visited[id] = 1;
            updating[id] = 0;
            more = 1;
        }
        barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
        // Every work-item reads the flag before work-item 0 clears it for the next pass.
        go = more;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (id == 0)
            more = 0;
        level++;
    } while (go);
    if (id == 0)
        *levels = level;
}
