#pragma once
// The files of a relcp_dcs run: trajectory.csv, events.csv and stats.json in one directory.

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "dcs/switching/decomposed_system.hpp"
#include "dcs/switching/simulation_record.hpp"

namespace relcp::io::dcs {

// A JSON object for stats.json, keys in insertion order (nlohmann-json); appending one to
// another with update() keeps that order.
using JsonFields = nlohmann::ordered_json;

// The shortest text that reads back as the same double; "null" when not finite (CSV cells and
// messages; stats.json writes its numbers through JsonFields).
std::string json_number(double value);

// Creates the directory (and parents). Throws RunTimeFailure when it cannot.
void prepare_output_directory(const std::filesystem::path& directory);

// "t", then one column per state component.
void write_trajectory_csv(const std::filesystem::path& file, const std::vector<std::string>& state_names,
                          const std::vector<relcp::dcs::TrajectorySample>& samples);

// The system's names of its state components.
std::vector<std::string> state_names(const relcp::dcs::DecomposedSystem& system);

// t,component,from,to with the system's names for terms and mode sets.
void write_events_csv(const std::filesystem::path& file, const relcp::dcs::DecomposedSystem& system,
                      const std::vector<relcp::dcs::ModeChange>& changes);

// The evaluation counts of Stewart's tables and the other run statistics.
JsonFields statistics_fields(const relcp::dcs::RunStatistics& statistics, int state_size);

// The object, two-space indented, in the order given.
void write_json_object(const std::filesystem::path& file, const JsonFields& fields);

}  // namespace relcp::io::dcs
