#pragma once
// A margin for the contacts that ReLCP has to append a second time within one step
// (docs/collision_strategies.md, "Re-solves that circle at the tolerance").
//
// A converged LCP may leave a row's gap at minus the solver's tolerance, and the trial then adds
// the second-order part of the contact's motion. When the solver's tolerance is as large as the
// strategy's overlap tolerance (the default), a sliding contact can so come back just above the
// tolerance at every trial, gain one more row each time, and circle up to max_relcp_iterations.
// A contact that gets a new row at a second trial of the step therefore asks for a gap of
// `margin` on that row (its constant lowered by it), so that the solver's slack leaves at most half
// the overlap tolerance to the linearized gap.

#include <cstddef>
#include <span>
#include <tuple>
#include <vector>

#include "collision/assembly/constraint_set.hpp"

namespace relcp::collision {

// A contact's identity across generations: (body A, body B or kNoBody, wall or -1).
using ContactKey = std::tuple<GlobalId, GlobalId, int>;

// max(0, solver_tolerance - overlap_tolerance / 2): zero when the solver is tight enough already.
double repeated_contact_margin(double solver_tolerance, double overlap_tolerance);

// The contacts with a normal row in a generation appended at a trial (generations 1 on), sorted.
std::vector<ContactKey> contacts_appended_at_trials(const ConstraintSet& set);

// Lowers by `margin` the constant of every normal row of the newest generation whose contact is in
// `earlier` (sorted, from contacts_appended_at_trials before that generation was appended).
// `constant` holds this rank's rows. Returns how many rows it lowered.
std::size_t lower_repeated_contacts(const ConstraintSet& set, std::span<const ContactKey> earlier, double margin,
                                    std::span<double> constant);

}  // namespace relcp::collision
