// Particles as an array of structs with vector members (`float4 pos, vel; int id;
// float mass;` has C layout pos@0 vel@16 id@32 mass@36, 48 bytes with the float4
// alignment), listed per field on the oclc line; each work-item applies gravity
// (vel.y -= 9.75 dt with dt = 0.25), moves the particle (pos += vel dt), bounces it off
// the floor y = 0 (y = -y, vel.y = -vel.y * 0.5), adds 100 to its id and writes the
// struct back whole, and momentum[g] = mass * vel.y after the step.
// Values are dyadic (quarters), so every operation is exact in float32.
// Expected: the same step in Python (reference/suite.py).
// RUN: kauai oclc -execute -enqueue step -arg p,0.5,1,0,0,1,2,0.5,0,1,2,-1,0.25,2,0,0,-1,0,0,2,0.5,3,4,-2,0,-0.5,0,1,0,3,1.5,0,0.5,0,1,2,-4,-1,0.25,4,4 -arg dt,0.25 -print p,40 -print momentum,4 -global 4 %s
// CHECK: p,0.75,0.890625,0.125,0,1,-0.4375,0.5,0,101,2,-1,0.609375,2,0,0,1.71875,0,0,102,0.5,2.875,3.390625,-1.75,0,-0.5,-2.4375,1,0,103,1.5,0.5,1.109375,-0.25,1.0625,2,3.21875,-1,0.25,104,4
// CHECK-NEXT: momentum,-0.875,0.859375,-3.65625,12.875

#pragma OPENCL FP_CONTRACT OFF

typedef struct {
    float4 pos;
    float4 vel;
    int id;
    float mass;
} Particle;

__kernel void step(__global Particle *p, float dt, __global float *momentum)
{
    int g = get_global_id(0);
    Particle q = p[g];
    q.vel.y -= 9.75f * dt;
    q.pos += q.vel * dt;
    if (q.pos.y < 0.0f) {
        q.pos.y = -q.pos.y;
        q.vel.y = -q.vel.y * 0.5f;
    }
    q.id += 100;
    p[g] = q;
    momentum[g] = q.mass * q.vel.y;
}
