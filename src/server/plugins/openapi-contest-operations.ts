import { z } from "zod";
import { betChange, pendingProposals } from "@/contracts/bets";
import { contest } from "@/contracts/contests";
import {
  availability,
  firstPickerAnswer,
  tiebreakAnswer,
  firstPickerAssignment,
  pick,
  weeklyResultsAnswer,
} from "@/contracts/picks";
import { proposal } from "@/contracts/proposals";
import { contestMessage, messageList } from "@/contracts/messages";
import { recapList } from "@/contracts/recaps";
import { rivalry } from "@/contracts/rivalry";
import { seasonReview, shareLink } from "@/contracts/season-review";
import { contestCreationAnswer } from "@/contracts/system-config";
import { currentRound, turnInfo } from "@/contracts/turn";
import type { Operation } from "./openapi-operations";

/** The contests' routes of the API document (openapi-operations.ts holds the rest). */
export const CONTEST_OPERATIONS: Record<string, Operation> = {
  "GET /api/contest-creation": {
    tag: "contests",
    summary: "How a player creates a contest now: open, with the password, or not yet",
    answers: { 200: contestCreationAnswer },
  },
  "GET /api/contests": {
    tag: "contests",
    summary: "The caller's contests (every contest, for administrators)",
    answers: { 200: z.array(contest) },
  },
  "POST /api/contests": {
    tag: "contests",
    summary: "Create a contest and invite an opponent",
    answers: { 201: contest },
  },
  "GET /api/contests/:id": { tag: "contests", summary: "A contest", answers: { 200: contest } },
  "PATCH /api/contests/:id": {
    tag: "contests",
    summary: "Accept or decline an invitation (the invited player)",
    answers: { 200: contest },
  },
  "PUT /api/contests/:id": { tag: "contests", summary: "Edit a contest", answers: { 200: contest } },
  "DELETE /api/contests/:id": { tag: "contests", summary: "Archive a contest", answers: { 204: "none" } },
  "POST /api/contests/:id/rematch": {
    tag: "contests",
    summary: "Propose a completed contest's rematch for the next season (either of its players)",
    answers: { 201: contest },
  },
  "GET /api/recaps": {
    tag: "contests",
    summary: "The viewer's latest week recap of each active contest they play",
    answers: { 200: recapList },
  },
  "GET /api/contests/:id/messages": {
    tag: "contests",
    summary: "A contest's trash talk, oldest first (its players and the administrators)",
    answers: { 200: messageList },
  },
  "POST /api/contests/:id/messages": {
    tag: "contests",
    summary: "Write in a contest's trash talk",
    description: "At most 10 messages a minute per person: past that, 429 with Retry-After.",
    answers: { 201: contestMessage },
  },
  "DELETE /api/contests/:id/messages/:messageId": {
    tag: "contests",
    summary: "Delete a message (its author, or an administrator)",
    answers: { 204: "none" },
  },
  "GET /api/contests/:id/rivalry": {
    tag: "contests",
    summary: "The two players' record across every contest they have played each other, and their tendencies",
    answers: { 200: rivalry },
  },
  "GET /api/contests/:id/review": {
    tag: "contests",
    summary: "A completed contest's season in review, with its live share link (409 until it is completed)",
    answers: { 200: seasonReview },
  },
  "POST /api/contests/:id/share": {
    tag: "contests",
    summary:
      "Share a completed contest's season in review by a link (either of its players): 201 made, 200 the live one",
    answers: { 200: shareLink, 201: shareLink },
  },
  "DELETE /api/contests/:id/share": {
    tag: "contests",
    summary: "Stop sharing the season in review: its link answers 404 from then on (either of its players)",
    answers: { 204: "none" },
  },
  "GET /api/contests/:id/first-picker/:week": {
    tag: "contests",
    summary: "Who picks first in a week",
    answers: { 200: firstPickerAnswer },
  },
  "GET /api/contests/:id/tiebreak": {
    tag: "contests",
    summary: "A week's tiebreaker: the guesses of its last game's total",
    answers: { 200: tiebreakAnswer },
  },
  "PUT /api/contests/:id/tiebreak": {
    tag: "contests",
    summary: "Make or change your tiebreaker guess",
    answers: { 200: tiebreakAnswer },
  },
  "GET /api/contests/:id/current-round/:week": {
    tag: "contests",
    summary: "The round being picked in a week",
    answers: { 200: currentRound },
  },
  "GET /api/contests/:id/turn/:week": {
    tag: "contests",
    summary: "Whose turn it is in a week",
    answers: { 200: turnInfo },
  },
  "GET /api/contests/:id/availability/:week/:round": {
    tag: "contests",
    summary: "The caller's picks against the opponent's, to choose from (the players)",
    answers: { 200: availability },
  },
  "GET /api/contests/:id/picks/player/:userId": {
    tag: "contests",
    summary: "A player's picks in a contest (one week with `week`)",
    answers: { 200: z.array(pick) },
  },
  "GET /api/contests/:id/weekly-results": {
    tag: "contests",
    summary: "Every begun week's results",
    answers: { 200: weeklyResultsAnswer },
  },
  "GET /api/contests/:id/bet-changes": {
    tag: "contests",
    summary: "A contest's bet changes",
    answers: { 200: z.array(betChange) },
  },
  "POST /api/contests/:id/bet-changes": {
    tag: "contests",
    summary: "Propose a new weekly bet (a player)",
    answers: { 201: betChange },
  },
  "PATCH /api/contests/:id/bet-changes/:changeId": {
    tag: "contests",
    summary: "Answer the opponent's bet change",
    answers: { 200: betChange },
  },
  "PUT /api/contests/:id/bet": { tag: "contests", summary: "Set the weekly bet", answers: { 200: contest } },
  "GET /api/contests/:id/proposals": {
    tag: "contests",
    summary: "Additional game proposals (one week with `week`)",
    answers: { 200: z.array(proposal) },
  },
  "POST /api/contests/:id/proposals": {
    tag: "contests",
    summary: "Propose an additional game (a player)",
    answers: { 201: proposal },
  },
  "PATCH /api/contests/:id/proposals/:proposalId": {
    tag: "contests",
    summary: "Answer the opponent's proposal",
    answers: { 200: proposal },
  },
  "GET /api/proposals/pending": {
    tag: "contests",
    summary: "What waits for your answer: the opponent's bet changes and additional games",
    answers: { 200: pendingProposals },
  },
  "POST /api/picks": { tag: "contests", summary: "Make a pick", answers: { 201: pick } },
  "POST /api/picks/batch": {
    tag: "contests",
    summary: "Make a round's picks, all or none",
    answers: { 201: z.array(pick) },
  },
  "GET /api/admin/bet-changes": {
    tag: "contests",
    summary: "Every contest's bet changes",
    answers: { 200: z.array(betChange) },
  },
  "GET /api/admin/contests/:id/first-picker-assignments": {
    tag: "contests",
    summary: "Who picks first, week by week",
    answers: { 200: z.array(firstPickerAssignment) },
  },
  "POST /api/admin/first-picker-assignments": {
    tag: "contests",
    summary: "Choose who picks first in a week",
    answers: { 200: firstPickerAssignment },
  },
};
