import type { Catalog } from "../namespaces";
import { core } from "./core";
import { discover } from "./discover";
import { groups } from "./groups";
import { hosting } from "./hosting";
import { matching } from "./matching";
import { server } from "./server";
import { shell } from "./shell";

/** Every namespace of the contract, translated: one file per area of the app, gathered here. */
export const catalog: Catalog = { ...core, ...shell, ...discover, ...groups, ...hosting, ...matching, ...server };
