mod callbacks;
mod loading;
mod probe;
