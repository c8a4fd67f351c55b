// Tools of the deck app: boards, stacks, labels, cards, assignments and card comments.
import type { ToolDefinition } from '../../tool-definition.js';
import { getBoardTool, listBoardsTool, listLabelsTool, listStacksTool } from './board-tools.js';
import { assignLabelTool, assignUserTool, removeLabelTool, unassignUserTool } from './card-assignment-tools.js';
import {
  archiveCardTool,
  createCardTool,
  deleteCardTool,
  getCardTool,
  moveCardTool,
  updateCardTool,
} from './card-tools.js';
import { addCommentTool, listCommentsTool } from './comment-tools.js';

export const DECK_TOOLS: ToolDefinition[] = [
  listBoardsTool,
  getBoardTool,
  listStacksTool,
  listLabelsTool,
  createCardTool,
  getCardTool,
  updateCardTool,
  moveCardTool,
  archiveCardTool,
  deleteCardTool,
  assignLabelTool,
  removeLabelTool,
  assignUserTool,
  unassignUserTool,
  listCommentsTool,
  addCommentTool,
];
